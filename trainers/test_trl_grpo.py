"""GRPOTrainer on the trl-grpo export: prompts end before the first assistant turn, the extra
columns (ground truth, task) reach the reward function, and a training step with sampled
completions runs."""

from __future__ import annotations

import pytest
from datasets import load_dataset
from trl import GRPOConfig, GRPOTrainer

from checks import check_step
from conftest import WORKSPACES
from training import load_model, step_args

# Where the source records a reference answer for every task (the demo's grader facts, tau-bench's
# expected actions); NeMo Gym's coding rollouts carry none, its weather ones verifier_metadata.
GROUND_TRUTH_FOR_EVERY_TASK = {"demo": True, "tau-bench": True, "nemo-gym": False}


@pytest.mark.parametrize("workspace", WORKSPACES)
def test_grpo_prompts_reach_reward_functions_and_train(workspace, exports, tiny, tmp_path):
    export = exports.get(workspace, "trl-grpo")
    assert export.records, f"{export.where(0)}: no prompts"
    for index, record in enumerate(export.records):
        roles = [m["role"] for m in record["prompt"]]
        assert roles and "assistant" not in roles, f"{export.where(index)}.prompt roles {roles}"
        if GROUND_TRUTH_FOR_EVERY_TASK[workspace]:
            assert record["ground_truth"], f"{export.where(index)}.ground_truth is empty"
    if not GROUND_TRUTH_FOR_EVERY_TASK[workspace]:
        assert any(r["ground_truth"] for r in export.records), (
            f"{export.where(0)}: no ground truth at all"
        )

    seen: list[tuple[str, str | None]] = []

    def reward(completions, ground_truth, task_id, **_):
        seen.extend(zip(task_id, ground_truth, strict=True))
        text = [c[0]["content"] if isinstance(c, list) else c for c in completions]
        return [
            float(bool(truth) and truth in t) for t, truth in zip(text, ground_truth, strict=True)
        ]

    dataset = load_dataset("json", data_files=str(export.data_file), split="train")
    trainer = GRPOTrainer(
        model=load_model(tiny.model_dir),
        reward_funcs=reward,
        args=GRPOConfig(
            **step_args(tmp_path),
            num_generations=2,
            generation_batch_size=2,
            max_completion_length=8,
        ),
        train_dataset=dataset.select(range(min(2, len(dataset)))),
        processing_class=tiny.tokenizer,
    )
    trainer.train()
    check_step(f"trl-grpo export of {workspace} (GRPOTrainer)", trainer.state.log_history)
    truths = {r["task_id"]: r["ground_truth"] for r in export.records}
    assert seen, f"trl-grpo export of {workspace}: the reward function was not called"
    for task, truth in seen:
        assert truths[task] == truth, (
            f"trl-grpo export of {workspace}, task {task}: ground_truth changed on the way"
        )
