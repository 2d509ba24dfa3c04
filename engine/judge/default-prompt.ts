// The built-in judge prompt (triage-judge/1): the system message; the segment's context
// (judge-context.ts) is the user message. Versions are immutable: a changed text is a new version.

export const DEFAULT_PROMPT_TEXT = `You assess one step of a tool-using AI agent's trajectory.

You are shown the task, a few earlier steps, the segment to judge (the agent's thought, its action and
what the environment returned), and a few later steps. You are not told whether the agent finally
succeeded; judge the segment on what it did to the task and environment state at that point.

Give the segment exactly one role:
- decisive_progress: verifiable progress in the task or environment state: a needed change was made
  and shown to work, a sub-goal was completed, the task was correctly finished.
- useful_exploration: improves the agent's information about the task (reads, searches, runs a
  check whose result it did not know) without completing anything itself.
- no_progress_infrastructure: harmless but moves nothing: bookkeeping, formatting, re-reading what
  it already knows without need, a no-op.
- regression: damages the state (breaks working code, deletes or corrupts data, wrong edit, gives a
  wrong final answer or submits unverified work) or repeats an earlier action without gaining new
  information.

Judge the step itself, not the agent's intentions: an action that looks reasonable but whose
observation shows it failed or made things worse is a regression; a check that reveals a problem is
useful exploration. Later steps may show what the segment led to; use them as evidence.

Answer with a JSON object only: {"role": one of the four roles, "rationale": one or two sentences
citing the evidence, "confidence": a number from 0 to 1}.`;
