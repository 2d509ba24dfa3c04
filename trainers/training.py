"""Trainer settings for one CPU step on the tiny model, the same for every TRL trainer."""

from __future__ import annotations

from pathlib import Path

from transformers import AutoModelForCausalLM

# A step needs only some trained tokens, not whole trajectories (truncation keeps the end).
STEP_LENGTH = 1024


def step_args(output_dir: Path) -> dict:
    return {
        "output_dir": str(output_dir),
        "max_steps": 1,
        "per_device_train_batch_size": 2,
        "gradient_accumulation_steps": 1,
        "learning_rate": 1e-3,
        "logging_steps": 1,
        "save_strategy": "no",
        "report_to": "none",
        "use_cpu": True,
        "seed": 0,
        "dataloader_num_workers": 0,
    }


def load_model(model_dir: Path):
    return AutoModelForCausalLM.from_pretrained(model_dir)
