// The checks most one-trajectory targets start with, so each says the same thing when it skips.
import { splitPrompt, type ChatMessage, type LoadedTrajectory } from '../chat-messages';

type Skip = { skip: string };

/** The record's one trajectory, if it has an assistant turn to train on. */
export function trainable(
  trajectories: LoadedTrajectory[],
): { trajectory: LoadedTrajectory } | Skip {
  const [trajectory] = trajectories;
  if (trajectory === undefined) return { skip: 'trajectory not found' };
  if (!trajectory.messages.some((m) => m.role === 'assistant')) {
    return { skip: 'no assistant turn' };
  }
  return { trajectory };
}

/** The record's one trajectory split at its first assistant turn, when both parts are non-empty. */
export function promptSplit(
  trajectories: LoadedTrajectory[],
): { trajectory: LoadedTrajectory; prompt: ChatMessage[]; rest: ChatMessage[] } | Skip {
  const [trajectory] = trajectories;
  if (trajectory === undefined) return { skip: 'trajectory not found' };
  const { prompt, rest } = splitPrompt(trajectory.messages);
  if (rest.length === 0) return { skip: 'no assistant turn' };
  if (prompt.length === 0) return { skip: 'no prompt before the first assistant turn' };
  return { trajectory, prompt, rest };
}
