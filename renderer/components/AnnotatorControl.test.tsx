// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ANNOTATOR_STORAGE_KEY } from '../hooks/useAnnotator';
import { fakeTransport } from '../test/fake-transport';
import { renderWithApi } from '../test/render';
import { AnnotatorControl } from './AnnotatorControl';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('AnnotatorControl', () => {
  it('shows the annotator and changes it through the dialog, refusing a bad name', async () => {
    renderWithApi(<AnnotatorControl />, fakeTransport({}));
    const control = screen.getByTestId('annotator-control');
    expect(control.textContent).toBe('Annotator: local');
    fireEvent.click(control);
    const input = (await screen.findByTestId('annotator-input')) as HTMLInputElement;
    expect(input.value).toBe('local');
    fireEvent.change(input, { target: { value: 'two words' } });
    expect(screen.getByTestId('annotator-save')).toHaveProperty('disabled', true);
    expect(screen.getByText('Letters, digits, dot, dash, underscore and @ (1-80)')).toBeTruthy();
    fireEvent.change(input, { target: { value: ' ana.b ' } });
    fireEvent.click(screen.getByTestId('annotator-save'));
    expect(screen.getByTestId('annotator-control').textContent).toBe('Annotator: ana.b');
    expect(window.localStorage.getItem(ANNOTATOR_STORAGE_KEY)).toBe('ana.b');
  });
});
