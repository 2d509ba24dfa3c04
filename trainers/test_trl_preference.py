"""DPOTrainer and KTOTrainer on the trl-dpo and trl-kto exports: prompts tokenize as a prefix of
prompt + completion, completions are the exported assistant side, and a training step runs."""

from __future__ import annotations

import pytest
from datasets import load_dataset
from trl import DPOConfig, DPOTrainer, KTOConfig, KTOTrainer

from checks import STOP, check_step
from training import STEP_LENGTH, load_model, step_args

# The real NeMo Gym and tau-bench samples have no group with both outcomes, so no pair: the
# NeMo Gym coding group gets one passing rollout (exports.mixed_outcomes).
PAIR_WORKSPACES = ("demo", "nemo-gym-mixed")
LABEL_WORKSPACES = ("demo", "nemo-gym", "tau-bench")


def completion_text(
    where: str, side: str, prompt: list[dict], completion: list[dict], tokenizer, tools
) -> str:
    """The completion as the trainer tokenizes it: prompt + completion after the prompt."""
    prompt_ids = tokenizer.apply_chat_template(
        prompt, tools=tools, add_generation_prompt=True, tokenize=True, return_dict=True
    )["input_ids"]
    full_ids = tokenizer.apply_chat_template(
        prompt + completion, tools=tools, tokenize=True, return_dict=True
    )["input_ids"]
    # Otherwise the trainer cuts the prompt at a wrong token and trains on a shifted text.
    assert full_ids[: len(prompt_ids)] == prompt_ids, (
        f"{where}: the prompt is not a token prefix of prompt + {side}"
    )
    text = tokenizer.decode(full_ids[len(prompt_ids) :])
    first = completion[0]
    assert first["role"] == "assistant", f"{where}: {side}[0] is a {first['role']} message"
    assert (first.get("content") or "") in text, (
        f"{where}: {side}[0].content is not in the trained completion"
    )
    assert STOP in text, f"{where}: the {side} completion has no {STOP}"
    return text


@pytest.mark.parametrize("workspace", PAIR_WORKSPACES)
def test_dpo_pairs_tokenize_and_train(workspace, exports, tiny, tmp_path):
    export = exports.get(workspace, "trl-dpo", "--pairs", "trajectory,step")
    assert export.records, f"{export.where(0)}: no pairs"
    for index, record in enumerate(export.records):
        where, tools = export.where(index), record.get("tools")
        chosen = completion_text(
            where, "chosen", record["prompt"], record["chosen"], tiny.tokenizer, tools
        )
        rejected = completion_text(
            where, "rejected", record["prompt"], record["rejected"], tiny.tokenizer, tools
        )
        assert chosen != rejected, f"{where}: chosen and rejected render the same text"
    dataset = load_dataset("json", data_files=str(export.data_file), split="train")
    trainer = DPOTrainer(
        model=load_model(tiny.model_dir),
        ref_model=load_model(tiny.model_dir),
        args=DPOConfig(**step_args(tmp_path), max_length=STEP_LENGTH, truncation_mode="keep_end"),
        train_dataset=dataset.select(range(min(4, len(dataset)))),
        processing_class=tiny.tokenizer,
    )
    trainer.train()
    check_step(f"trl-dpo export of {workspace} (DPOTrainer)", trainer.state.log_history)


@pytest.mark.parametrize("workspace", LABEL_WORKSPACES)
def test_kto_records_tokenize_and_train(workspace, exports, tiny, tmp_path):
    export = exports.get(workspace, "trl-kto")
    assert export.records, f"{export.where(0)}: no records"
    for index, record in enumerate(export.records):
        assert isinstance(record["label"], bool), f"{export.where(index)}.label is not a boolean"
        completion_text(
            export.where(index),
            "completion",
            record["prompt"],
            record["completion"],
            tiny.tokenizer,
            record.get("tools"),
        )
    dataset = load_dataset("json", data_files=str(export.data_file), split="train")
    trainer = KTOTrainer(
        model=load_model(tiny.model_dir),
        ref_model=load_model(tiny.model_dir),
        # KTO truncates from the end only, and tau-bench's policy prompt alone is longer than a
        # cut that would leave a completion, so nothing is truncated (the sequences fit).
        args=KTOConfig(**step_args(tmp_path), max_length=None),
        train_dataset=dataset.select(range(min(4, len(dataset)))),
        processing_class=tiny.tokenizer,
    )
    trainer.train()
    check_step(f"trl-kto export of {workspace} (KTOTrainer)", trainer.state.log_history)
