// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTransport, ok } from '../../test/fake-transport';
import { renderWithApi } from '../../test/render';
import { MixedGroupsAlert } from './MixedGroupsAlert';
import { OutcomeRuleCard } from './OutcomeRuleCard';

afterEach(cleanup);

const defaultRule = {
  rule: 'reward >= 1',
  is_default: true,
  default_rule: 'reward >= 1',
  counts: { success: 5, failure: 3, unknown: 0, explicit: 0 },
};

describe('OutcomeRuleCard', () => {
  it('shows the rule in force, previews an edit and applies it', async () => {
    const transport = fakeTransport({
      getOutcomeRule: () => ok(defaultRule),
      previewOutcomeRule: () => ok({ success: 2, failure: 6, unknown: 0, explicit: 0 }),
      setOutcomeRule: () =>
        ok({
          ...defaultRule,
          rule: 'reward > 2',
          is_default: false,
          counts: { success: 2, failure: 6, unknown: 0, explicit: 0 },
        }),
    });
    renderWithApi(<OutcomeRuleCard datasetId="ds" />, transport);
    await screen.findByText('Now: 5 success, 3 failure, 0 unknown.');
    expect(screen.getByText('default')).toBeTruthy();
    const input = screen.getByTestId('outcome-rule-input') as HTMLInputElement;
    expect(input.value).toBe('reward >= 1');
    fireEvent.change(input, { target: { value: 'reward > 2' } });
    fireEvent.click(screen.getByTestId('outcome-rule-preview'));
    await screen.findByText('With this rule: 2 success, 6 failure, 0 unknown.');
    fireEvent.click(screen.getByTestId('outcome-rule-apply'));
    await waitFor(() =>
      expect(transport.calls.map((call) => call.method)).toContain('setOutcomeRule'),
    );
    expect(transport.calls).toContainEqual({
      method: 'setOutcomeRule',
      input: { dataset_id: 'ds', rule: 'reward > 2' },
    });
  });

  it('offers the default in place of a stored rule the guard refuses', async () => {
    const refused = {
      ok: false as const,
      error: { code: 'invalid_input' as const, message: 'outcome rule refused: read_text()' },
    };
    const transport = fakeTransport({
      getOutcomeRule: () => refused,
      setOutcomeRule: () => ok(defaultRule),
    });
    renderWithApi(<OutcomeRuleCard datasetId="ds" />, transport);
    await screen.findByText(/outcome rule refused: read_text\(\)/);
    fireEvent.click(screen.getByTestId('outcome-rule-replace'));
    await waitFor(() =>
      expect(transport.calls).toContainEqual({
        method: 'setOutcomeRule',
        input: { dataset_id: 'ds', rule: null },
      }),
    );
  });

  it('shows a refused rule in words and keeps the draft', async () => {
    const transport = fakeTransport({
      getOutcomeRule: () => ok(defaultRule),
      previewOutcomeRule: () => ({
        ok: false,
        error: { code: 'invalid_input', message: 'outcome rule refused: comments are not allowed' },
      }),
    });
    renderWithApi(<OutcomeRuleCard datasetId="ds" />, transport);
    const input = (await screen.findByTestId('outcome-rule-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'true -- x' } });
    fireEvent.click(screen.getByTestId('outcome-rule-preview'));
    await screen.findByText('The rule was refused');
    expect(screen.getByText(/comments are not allowed/)).toBeTruthy();
    expect(input.value).toBe('true -- x');
  });
});

describe('MixedGroupsAlert', () => {
  it('warns about groups with different prompts and offers to regroup', async () => {
    let regroup = 0;
    const transport = fakeTransport({
      checkGroups: () =>
        ok({
          groups: 3,
          mixed_prompt_groups: 1,
          examples: [{ group_id: '<i>1</i>', trajectories: 4, prompts: 2 }],
        }),
    });
    renderWithApi(<MixedGroupsAlert datasetId="ds" onRegroup={() => (regroup += 1)} />, transport);
    const alert = await screen.findByTestId('mixed-groups');
    expect(alert.textContent).toContain('1 of 3 groups hold rollouts with different prompts');
    expect(alert.textContent).toContain('<i>1</i>: 2 prompts in 4 rollouts');
    fireEvent.click(screen.getByRole('button', { name: 'Regroup' }));
    expect(regroup).toBe(1);
  });
});
