"""Checks shared by the trainer tests. Each failure names the target, the record and the field."""

from __future__ import annotations

import math

STOP = "<|im_end|>"
# Shorter texts ("OK", "{}") may appear in an assistant turn by chance.
DISTINCT_TEXT = 32


def spans(mask: list[int]) -> list[tuple[int, int]]:
    """The [start, end) runs of 1 in a mask."""
    runs, start = [], None
    for i, bit in enumerate([*mask, 0]):
        if bit and start is None:
            start = i
        elif not bit and start is not None:
            runs.append((start, i))
            start = None
    return runs


def check_assistant_mask(
    where: str,
    messages: list[dict],
    ids: list[int],
    mask: list[int],
    tokenizer,
    after_stop: str = "",
) -> None:
    """
    The trained tokens are exactly the assistant messages: one span per assistant message, in order,
    each holding its reasoning, text and calls and ending with the stop token (or with
    `after_stop` after it, the template's text a trainer may take in too); no other message's text
    is trained.
    """
    assistants = [(i, m) for i, m in enumerate(messages) if m["role"] == "assistant"]
    runs = spans(mask)
    assert len(runs) == len(assistants), (
        f"{where}: {len(runs)} trained spans for {len(assistants)} assistant messages"
    )
    trained = []
    for (start, end), (index, message) in zip(runs, assistants, strict=True):
        text = tokenizer.decode(ids[start:end])
        trained.append(text)
        field = f"{where}, messages[{index}]"
        body = text[: -len(after_stop)] if after_stop and text.endswith(after_stop) else text
        assert body.endswith(STOP), (
            f"{field}: the trained span does not end with {STOP}: {text[-60:]!r}"
        )
        assert (message.get("content") or "") in text, f"{field}.content is not trained"
        if message.get("reasoning_content"):
            assert message["reasoning_content"] in text, f"{field}.reasoning_content is not trained"
        for call in message.get("tool_calls") or []:
            name = call["function"]["name"]
            assert f'"name":"{name}"' in text, f"{field}.tool_calls: call {name} is not trained"
    every = "".join(trained)
    for index, message in enumerate(messages):
        content = message.get("content") or ""
        if message["role"] == "assistant" or len(content) < DISTINCT_TEXT:
            continue
        in_assistant = any(content in (m.get("content") or "") for _, m in assistants)
        assert in_assistant or content not in every, (
            f"{where}, messages[{index}] ({message['role']}) is trained"
        )


def check_step(where: str, history: list[dict]) -> None:
    """A training step happened and its loss is a number."""
    losses = [entry["loss"] for entry in history if "loss" in entry]
    assert losses, f"{where}: the trainer logged no loss"
    assert all(math.isfinite(loss) for loss in losses), f"{where}: loss {losses}"
