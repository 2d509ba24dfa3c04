"""Session fixtures: the CLI exports and a tiny Qwen2-style model with its tokenizer."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytest

from exports import Exports
from tiny_model import build_model, build_tokenizer

WORKSPACES = ("demo", "nemo-gym", "tau-bench")

# Determinism and quiet logs; no hub is reachable here and nothing may be fetched from one.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("WANDB_DISABLED", "true")


@dataclass
class Tiny:
    tokenizer: object
    model_dir: Path
    tokenizer_dir: Path


@pytest.fixture(scope="session")
def exports(tmp_path_factory: pytest.TempPathFactory) -> Exports:
    return Exports(tmp_path_factory.mktemp("turnwise"))


@pytest.fixture(scope="session")
def tiny(exports: Exports, tmp_path_factory: pytest.TempPathFactory) -> Tiny:
    """Tokenizer trained on the exported conversations (so they encode compactly), then a model."""
    folder = tmp_path_factory.mktemp("tiny")
    texts = []
    for workspace in WORKSPACES:
        export = exports.get(workspace, "trl-sft")
        texts.extend(export.data_file.read_text().splitlines())
    tokenizer = build_tokenizer(texts, folder / "tokenizer")
    # Model and tokenizer live apart: with the model's config.json beside it, transformers would
    # load the tokenizer as Qwen2's class and swap in Qwen2's own pre-tokenizer.
    build_model(tokenizer, folder / "model")
    return Tiny(tokenizer, folder / "model", folder / "tokenizer")
