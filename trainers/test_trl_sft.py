"""SFTTrainer on the trl-sft export: the file loads unchanged, assistant-only loss masks match the
exported roles, and a training step runs."""

from __future__ import annotations

import pytest
from datasets import load_dataset
from trl import SFTConfig, SFTTrainer

from checks import check_assistant_mask, check_step
from conftest import WORKSPACES
from training import STEP_LENGTH, load_model, step_args


@pytest.mark.parametrize("workspace", WORKSPACES)
def test_sft_loads_masks_and_trains(workspace, exports, tiny, tmp_path):
    export = exports.get(workspace, "trl-sft")
    assert export.records, f"{export.where(0)}: the export is empty"
    dataset = load_dataset("json", data_files=str(export.data_file), split="train")
    for index, (loaded, written) in enumerate(zip(dataset, export.records, strict=True)):
        # Arrow merges nested objects across rows; a null-filled tool call would render wrong.
        for key in ("messages", "tools"):
            assert loaded.get(key) == written.get(key), (
                f"{export.where(index)}: `{key}` changes when loaded with datasets"
            )
    trainer = SFTTrainer(
        model=load_model(tiny.model_dir),
        args=SFTConfig(**step_args(tmp_path / "masks"), assistant_only_loss=True, max_length=None),
        train_dataset=dataset,
        processing_class=tiny.tokenizer,
    )
    processed = trainer.train_dataset
    assert len(processed) == len(export.records)
    for index, row in enumerate(processed):
        # TRL turns its assistant masks into labels: -100 where no loss is taken.
        trained = [int(label != -100) for label in row["labels"]]
        check_assistant_mask(
            f"{export.where(index)} (SFTTrainer labels)",
            export.records[index]["messages"],
            row["input_ids"],
            trained,
            tiny.tokenizer,
        )

    subset = dataset.select(range(min(4, len(dataset))))
    trainer = SFTTrainer(
        model=load_model(tiny.model_dir),
        args=SFTConfig(
            **step_args(tmp_path / "step"),
            assistant_only_loss=True,
            max_length=STEP_LENGTH,
            truncation_mode="keep_end",
        ),
        train_dataset=subset,
        processing_class=tiny.tokenizer,
    )
    trainer.train()
    check_step(f"trl-sft export of {workspace} (SFTTrainer)", trainer.state.log_history)


def test_sft_tools_are_objects_or_absent(exports):
    """Llama-3.x templates render a tools block for an empty list, so none is written."""
    for workspace in WORKSPACES:
        export = exports.get(workspace, "trl-sft")
        for index, record in enumerate(export.records):
            if "tools" in record:
                assert record["tools"], f"{export.where(index)}: `tools` is an empty list"
                assert all(
                    isinstance(tool["function"]["parameters"], dict) for tool in record["tools"]
                ), f"{export.where(index)}: `tools` parameters are not objects"
            for m, message in enumerate(record["messages"]):
                for call in message.get("tool_calls") or []:
                    assert isinstance(call["function"]["arguments"], dict), (
                        f"{export.where(index)}, messages[{m}].tool_calls: arguments are "
                        f"{type(call['function']['arguments']).__name__}, not an object"
                    )
