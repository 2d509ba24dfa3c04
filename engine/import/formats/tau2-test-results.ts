// Test support: a tau2-bench telecom results file in the monolithic layout, in which the simulated
// user calls tools on their phone. No real telecom results are public in tau2's snapshot (its
// data/tau2/results/final/*.json are absent), so it is written after tau2's models
// (data_model/simulation.py, message.py), with the opening of the real telecom policy
// (data/tau2/domains/telecom/main_policy.md), real agent and user tool names (domains/telecom
// tools.py, user_tools.py) and tau2's fixed first agent message (orchestrator.py). Two trials of
// one task, one solved (reward 1) and one not (reward 0), which share the prompt and the user's
// first message and branch at the agent's first reply.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export const TELECOM_POLICY =
  '# Telecom Agent Policy\n\nThe current time is 2025-02-25 12:08:00 EST.\n\nAs a telecom agent, ' +
  'you can help users with  **technical support**, **overdue bill payment**, **line ' +
  'suspension**, and **plan options**.';

/** The user-side tool calls of the results and their results' text, for checks on exports. */
export const USER_TOOL_NAMES = ['toggle_airplane_mode', 'check_status_bar'];
export const USER_TOOL_OUTPUTS = ['Airplane Mode is now OFF.', 'Status Bar: ✈️ Airplane Mode'];

const GREETING = { role: 'assistant', content: 'Hi! How can I help you today?', turn_idx: 0 };
const NO_SIGNAL = { role: 'user', content: 'My phone has no signal.', turn_idx: 1 };

export function tau2TelecomResults(): Record<string, unknown> {
  return {
    timestamp: '2025-06-01T00:00:00',
    info: {
      num_trials: 2,
      user_info: { implementation: 'user_simulator', llm: 'gpt-4.1', llm_args: {} },
      agent_info: { implementation: 'llm_agent', llm: 'claude-3-7', llm_args: { api_key: 'x' } },
      environment_info: { domain_name: 'telecom', policy: TELECOM_POLICY, tool_defs: null },
    },
    tasks: [{ id: 't1' }],
    simulations: [
      {
        id: 'sim-1',
        task_id: 't1',
        trial: 1,
        termination_reason: 'user_stop',
        reward_info: { reward: 1.0, db_check: { db_match: true } },
        messages: [
          GREETING,
          NO_SIGNAL,
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'a1',
                name: 'get_customer_by_phone',
                arguments: { phone_number: '555-123-2002' },
                requestor: 'assistant',
              },
            ],
            turn_idx: 2,
          },
          { role: 'tool', id: 'a1', content: '{"line_status":"Active"}', requestor: 'assistant' },
          {
            role: 'assistant',
            content: 'Your line is active. Please turn airplane mode off.',
            turn_idx: 3,
          },
          {
            role: 'user',
            content: null,
            tool_calls: [
              { id: 'u1', name: 'toggle_airplane_mode', arguments: {}, requestor: 'user' },
            ],
            turn_idx: 4,
          },
          {
            role: 'tool',
            id: 'u1',
            content: USER_TOOL_OUTPUTS[0],
            requestor: 'user',
            error: false,
          },
          { role: 'user', content: 'Fixed, thanks. ###STOP###', turn_idx: 5 },
        ],
      },
      {
        id: 'sim-2',
        task_id: 't1',
        trial: 0,
        termination_reason: 'user_stop',
        reward_info: { reward: 0.0, db_check: { db_match: false } },
        messages: [
          GREETING,
          NO_SIGNAL,
          { role: 'assistant', content: 'Please check your status bar.', turn_idx: 2 },
          {
            role: 'user',
            content: null,
            tool_calls: [{ id: 'u1', name: 'check_status_bar', arguments: {}, requestor: 'user' }],
            turn_idx: 3,
          },
          { role: 'tool', id: 'u1', content: USER_TOOL_OUTPUTS[1], requestor: 'user' },
          { role: 'user', content: 'It shows airplane mode.', turn_idx: 4 },
          { role: 'assistant', content: 'I cannot help with that.', turn_idx: 5 },
          { role: 'user', content: 'Bye. ###STOP###', turn_idx: 6 },
        ],
      },
    ],
  };
}

/** Writes the results into `dir` as a file tau2 would name, and returns its path. */
export function writeTau2TelecomResults(dir: string): string {
  const file = path.join(dir, 'claude-3-7_telecom_default_gpt-4.1_2trials.json');
  writeFileSync(file, JSON.stringify(tau2TelecomResults(), null, 2));
  return file;
}
