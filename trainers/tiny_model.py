"""A tiny Qwen2-style model and tokenizer, built locally with random weights (nothing from a hub).

The tokenizer is a byte-level BPE trained on the exported text, with ChatML's special tokens. Its
ids run up to Qwen2's (151,669 with Qwen3's additions), the ids above the trained ones being
unused placeholders that text never encodes to, so token ids a rollout engine stored for a Qwen
model (NeMo Gym's) are inside its vocabulary, as the tokens export requires. The model's
embedding covers the ids text encodes to; stored Qwen ids are only checked, never trained here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
from transformers import PreTrainedTokenizerFast, Qwen2Config, Qwen2ForCausalLM

SPECIAL_TOKENS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>"]
TRAINED_VOCAB = 2048
QWEN_VOCAB = 151669
CHAT_TEMPLATE = (Path(__file__).parent / "chat_template.jinja").read_text()


def build_tokenizer(texts: Iterable[str], out_dir: Path) -> PreTrainedTokenizerFast:
    """Trains the BPE on `texts`, pads its ids to Qwen's range and saves it to `out_dir`."""
    bpe = Tokenizer(models.BPE())
    bpe.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    bpe.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=TRAINED_VOCAB,
        special_tokens=SPECIAL_TOKENS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    bpe.train_from_iterator(texts, trainer=trainer)
    spec = json.loads(bpe.to_str())
    vocab: dict[str, int] = spec["model"]["vocab"]
    # A tokenizer.json vocabulary is dense: placeholders fill the ids up to Qwen's range.
    for token_id in range(len(vocab), QWEN_VOCAB):
        vocab[f"<|unused_{token_id}|>"] = token_id
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "tokenizer.json").write_text(json.dumps(spec, ensure_ascii=False))
    tokenizer = PreTrainedTokenizerFast(
        tokenizer_file=str(out_dir / "tokenizer.json"),
        eos_token="<|im_end|>",
        pad_token="<|endoftext|>",
        additional_special_tokens=["<|im_start|>"],
    )
    tokenizer.chat_template = CHAT_TEMPLATE
    tokenizer.save_pretrained(out_dir)
    return tokenizer


def build_model(tokenizer: PreTrainedTokenizerFast, out_dir: Path) -> Qwen2ForCausalLM:
    """A two-layer Qwen2 with random weights (seeded), its embedding sized to the trained ids."""
    import torch

    torch.manual_seed(0)
    config = Qwen2Config(
        vocab_size=TRAINED_VOCAB,
        hidden_size=32,
        intermediate_size=64,
        num_hidden_layers=2,
        num_attention_heads=2,
        num_key_value_heads=1,
        max_position_embeddings=32768,
        tie_word_embeddings=True,
        bos_token_id=None,
        eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
    )
    model = Qwen2ForCausalLM(config)
    model.generation_config.eos_token_id = config.eos_token_id
    model.generation_config.pad_token_id = config.pad_token_id
    model.save_pretrained(out_dir)
    return model
