"""Targets whose trainers cannot be installed here (verl, OpenRLHF, LLaMA-Factory, ms-swift,
axolotl), checked against how their dataset code reads a record: the same reading steps, written
here from their documented behaviour (docs/export.md names the files), then the chat template."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from checks import check_assistant_mask
from conftest import WORKSPACES


def plain(value):
    """What verl's dataset does to a Parquet cell: numpy arrays become lists, recursively."""
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):
        value = value.tolist()
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def without_nulls(message: dict) -> dict:
    """A Parquet struct has every field; the chat export writes only those a message has."""
    return {k: v for k, v in message.items() if v is not None}


@pytest.mark.parametrize("workspace", WORKSPACES)
def test_verl_sft_renders_as_the_chat_export_once_decoded(workspace, exports, tiny):
    export = exports.get(workspace, "verl-sft")
    chats = exports.get(workspace, "trl-sft").records
    frame = pd.read_parquet(export.data_file)
    assert list(frame.columns) == ["messages", "tools"], (
        f"{export.where(0)}: columns {list(frame.columns)}"
    )
    for index, (row, chat) in enumerate(zip(frame.itertuples(), chats, strict=True)):
        where = export.where(index)
        messages = [without_nulls(m) for m in plain(row.messages)]
        tools = plain(row.tools)
        decoded = []
        for m, message in enumerate(messages):
            calls = message.get("tool_calls") or []
            for call in calls:
                arguments = call["function"]["arguments"]
                assert isinstance(arguments, str), (
                    f"{where}, messages[{m}].tool_calls: arguments are not JSON text"
                )
            decoded.append(
                {
                    **message,
                    "tool_calls": [
                        {
                            **c,
                            "function": {
                                **c["function"],
                                "arguments": json.loads(c["function"]["arguments"]),
                            },
                        }
                        for c in calls
                    ],
                }
                if calls
                else message
            )
        assert decoded == chat["messages"], (
            f"{where}.messages: not the trl-sft conversation once arguments are decoded"
        )
        schemas = [
            {
                **t,
                "function": {
                    **t["function"],
                    "parameters": json.loads(t["function"]["parameters"]),
                },
            }
            for t in tools
        ]
        assert schemas == chat.get("tools", []), (
            f"{where}.tools: not the trl-sft schemas once parameters are decoded"
        )
        # A template that takes string arguments as they are (the `is string` test of Qwen3's and
        # this suite's) renders the verl row as the chat export: no double encoding.
        verl_text = tiny.tokenizer.apply_chat_template(
            messages, tools=schemas or None, tokenize=False
        )
        chat_text = tiny.tokenizer.apply_chat_template(
            chat["messages"], tools=chat.get("tools"), tokenize=False
        )
        assert verl_text == chat_text, f"{where}: renders differently from the trl-sft record"


@pytest.mark.parametrize("workspace", WORKSPACES)
def test_verl_rl_rows_are_what_its_dataset_and_reward_read(workspace, exports):
    export = exports.get(workspace, "verl-rl")
    grpo = {r["task_id"]: r for r in exports.get(workspace, "trl-grpo").records}
    frame = pd.read_parquet(export.data_file)
    for column in ("data_source", "prompt", "ability", "reward_model", "extra_info", "agent_name"):
        assert column in frame.columns, f"{export.where(0)}: no `{column}` column"
    assert sorted(plain(x)["index"] for x in frame["extra_info"]) == list(range(len(frame))), (
        f"{export.where(0)}: extra_info.index is not 0..n-1"
    )
    for index, row in enumerate(frame.itertuples()):
        where = export.where(index)
        prompt = plain(row.prompt)
        assert prompt and all(set(m) == {"role", "content"} for m in prompt), (
            f"{where}.prompt: {prompt!r}"[:300]
        )
        assert "assistant" not in [m["role"] for m in prompt], (
            f"{where}.prompt holds an assistant turn"
        )
        extra, reward = plain(row.extra_info), plain(row.reward_model)
        # verl's reward manager passes reward_model.ground_truth to compute_score as it is.
        assert reward["ground_truth"] == grpo[extra["task_id"]]["ground_truth"], (
            f"{where}.reward_model.ground_truth"
        )
        assert row.agent_name in ("tool_agent", "single_turn_agent"), (
            f"{where}.agent_name {row.agent_name}"
        )
    # Each entry is the tool_schema of one tool in verl's tool config (OpenAIFunctionToolSchema).
    schemas = json.loads((export.folder / "tool_schemas.json").read_text())
    uses_tools = any(row.agent_name == "tool_agent" for row in frame.itertuples())
    assert bool(schemas) == uses_tools, (
        f"{export.where(0)}: tool_schemas.json has {len(schemas)} schemas"
    )
    for schema in schemas:
        where = f"{export.where(0)}: tool_schemas.json, {schema['function']['name']}"
        assert schema["type"] == "function" and set(schema["function"]) >= {
            "name",
            "description",
            "parameters",
        }, where
        assert schema["function"]["parameters"].get("type") == "object", f"{where}.parameters.type"


def openrlhf_trained(tokenizer, messages: list[dict]) -> tuple[list[int], list[int]]:
    """OpenRLHF's multi-turn loss mask, as sft_dataset.py computes it: per assistant message, the
    token count of the template before it (with the generation prompt) to that plus its response."""
    mask_ranges = []
    for index, message in enumerate(messages):
        if message["role"] != "assistant":
            continue
        prompt = tokenizer.apply_chat_template(
            messages[:index], tokenize=False, add_generation_prompt=True
        )
        full = tokenizer.apply_chat_template(messages[: index + 1], tokenize=False)
        assert full.startswith(prompt), f"the template is not prefix-stable at message {index}"
        start = len(tokenizer(prompt, add_special_tokens=False)["input_ids"])
        end = start + len(tokenizer(full[len(prompt) :], add_special_tokens=False)["input_ids"]) - 1
        mask_ranges.append((start, end))
    text = tokenizer.apply_chat_template(messages, tokenize=False).rstrip("\n")
    if not text.endswith(tokenizer.eos_token):
        text += " " + tokenizer.eos_token
    ids = tokenizer(text, add_special_tokens=False)["input_ids"]
    # OpenRLHF marks [start - 1, end) of the shifted targets: tokens start..end are trained.
    mask = [0] * len(ids)
    for start, end in mask_ranges:
        for i in range(start, min(end + 1, len(ids))):
            mask[i] = 1
    return ids, mask


@pytest.mark.parametrize("workspace", WORKSPACES)
def test_openrlhf_multiturn_trains_the_assistant_messages(workspace, exports, tiny):
    export = exports.get(workspace, "openrlhf")
    assert export.manifest["trainer_args"]["data.multiturn"] is True
    for index, record in enumerate(export.records):
        messages = record["messages"]
        assert messages[-1]["role"] == "assistant", (
            f"{export.where(index)}: does not end with an assistant message"
        )
        ids, mask = openrlhf_trained(tiny.tokenizer, messages)
        # OpenRLHF's response is the template's text after the prompt, so it takes in the newline
        # the template writes after <|im_end|> as well.
        check_assistant_mask(
            f"{export.where(index)} (OpenRLHF multiturn)",
            messages,
            ids,
            mask,
            tiny.tokenizer,
            after_stop="\n",
        )


@pytest.mark.parametrize("workspace", WORKSPACES)
def test_llamafactory_conversations_pass_its_converter(workspace, exports):
    export = exports.get(workspace, "llamafactory")
    info = json.loads((export.folder / "dataset_info.json").read_text())
    (entry,) = info.values()
    assert entry["formatting"] == "sharegpt" and entry["file_name"] == "train.jsonl"
    # SharegptDatasetConverter: after an optional system turn, odd turns are user/observation and
    # even ones assistant/function, and a non-ranking conversation has an even count.
    odd, even = ("human", "observation"), ("gpt", "function_call")
    for index, record in enumerate(export.records):
        turns = record["conversations"]
        where = export.where(index)
        for t, turn in enumerate(turns):
            assert turn["from"] in (odd, even)[t % 2], (
                f"{where}.conversations[{t}].from is {turn['from']}"
            )
            if turn["from"] == "function_call":
                json.loads(turn["value"])
        assert len(turns) % 2 == 0, (
            f"{where}.conversations: an odd count, which LLaMA-Factory drops"
        )
        tools = json.loads(record.get("tools") or "[]")
        assert all(set(tool) >= {"name", "parameters"} for tool in tools), f"{where}.tools"


@pytest.mark.parametrize("workspace", WORKSPACES)
def test_ms_swift_messages_use_its_agent_roles(workspace, exports):
    export = exports.get(workspace, "ms-swift")
    for index, record in enumerate(export.records):
        where = export.where(index)
        for m, message in enumerate(record["messages"]):
            role = message["role"]
            assert role in ("system", "user", "assistant", "tool_call", "tool_response"), (
                f"{where}.messages[{m}].role {role}"
            )
            if role == "tool_call":
                assert set(json.loads(message["content"])) == {"name", "arguments"}, (
                    f"{where}.messages[{m}].content"
                )
            if "loss" in message or "loss_scale" in message:
                # ms-swift reads both on the model's messages only (swift/loss_scale/base.py).
                assert role in ("assistant", "tool_call"), (
                    f"{where}.messages[{m}]: loss on a {role} message"
                )
                assert isinstance(message["loss"], bool) and message["loss"] == (
                    message["loss_scale"] > 0
                )
        json.loads(record.get("tools") or "[]")


@pytest.mark.parametrize("workspace", WORKSPACES)
def test_axolotl_trains_only_assistant_messages(workspace, exports):
    export = exports.get(workspace, "axolotl")
    for index, record in enumerate(export.records):
        for m, message in enumerate(record["messages"]):
            if message["role"] != "assistant":
                assert message["train"] is False, (
                    f"{export.where(index)}.messages[{m}].train on a {message['role']} message"
                )
            for call in message.get("tool_calls") or []:
                json.loads(call["function"]["arguments"])
