"""Workspaces and exports made with the real `turnwise` CLI, as a researcher would make them.

Each workspace is imported once per session from the real sample files (../shared/samples) or the
demo dataset; each export is written once per (workspace, target, flags) and read back as records.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT.parent / "shared" / "samples"
CLI = ROOT / "bin" / "turnwise.js"

# name -> the files imported into that workspace
WORKSPACE_FILES: dict[str, list[Path]] = {
    "demo": [ROOT / "datasets" / "demo" / "demo.jsonl"],
    "nemo-gym": [
        SAMPLES
        / "nemo-gym"
        / "competitive_coding_challenges.example_rollouts.WITH_TOKEN_LOGPROBS.jsonl",
        SAMPLES / "nemo-gym" / "example_mcp_weather.example_rollouts.jsonl",
    ],
    "tau-bench": [SAMPLES / "tau-bench" / "gpt-4o-airline.subset4.json"],
}


CODING = WORKSPACE_FILES["nemo-gym"][0]


def mixed_outcomes(folder: Path) -> Path:
    """
    The NeMo Gym coding rollouts with the first one passing (reward 1.0, as NeMo Gym writes a pass):
    all five real rollouts fail, and preference pairs need both outcomes in a group.
    """
    lines = CODING.read_text().splitlines()
    first = json.loads(lines[0])
    first["reward"] = 1.0
    path = folder / "coding-mixed.jsonl"
    path.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    return path


# name -> a workspace's files made from the samples in a temporary folder
DERIVED_WORKSPACES = {"nemo-gym-mixed": lambda folder: [mixed_outcomes(folder)]}


class CliError(AssertionError):
    pass


def turnwise(*args: str) -> dict:
    """Runs the CLI with --json and returns its one JSON object; fails with its stderr."""
    command = ["node", str(CLI), *args, "--json"]
    done = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )
    if done.returncode != 0:
        raise CliError(f"turnwise {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}")
    return json.loads(done.stdout)


@dataclass
class Export:
    """One export folder: its records (JSON lines, or Parquet rows) and its manifest."""

    workspace: str
    target: str
    folder: Path
    manifest: dict
    records: list[dict] = field(default_factory=list)

    def where(self, index: int) -> str:
        """How a failure names a record: the target, the workspace and the record's line."""
        return f"{self.target} export of {self.workspace}, record {index + 1}"

    @property
    def data_file(self) -> Path:
        return self.folder / self.manifest["files"][0]["path"]


def read_records(path: Path) -> list[dict]:
    if path.suffix == ".parquet":
        import pyarrow.parquet as pq

        return pq.read_table(path).to_pylist()
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


class Exports:
    """Imports the workspaces lazily and caches every export made in the session."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._databases: dict[str, Path] = {}
        self._exports: dict[tuple[str, str, tuple[str, ...]], Export] = {}

    def database(self, workspace: str) -> Path:
        if workspace not in self._databases:
            db = self.folder / f"{workspace}.duckdb"
            derived = DERIVED_WORKSPACES.get(workspace)
            files = derived(self.folder) if derived else WORKSPACE_FILES[workspace]
            missing = [str(f) for f in files if not f.exists()]
            if missing:
                raise FileNotFoundError(f"sample files missing for {workspace}: {missing}")
            turnwise("import", *map(str, files), "--db", str(db))
            self._databases[workspace] = db
        return self._databases[workspace]

    def get(self, workspace: str, target: str, *flags: str) -> Export:
        key = (workspace, target, flags)
        if key not in self._exports:
            db = self.database(workspace)
            out = self.folder / "exports" / f"{workspace}-{target}-{len(self._exports)}"
            result = turnwise(
                "export", "--db", str(db), "--target", target, "--out", str(out), *flags
            )
            export = Export(workspace, target, out, result["manifest"])
            export.records = read_records(export.data_file)
            if len(export.records) != result["records"]:
                raise AssertionError(
                    f"{target} export of {workspace}: the CLI reported {result['records']} "
                    f"records, the file holds {len(export.records)}"
                )
            self._exports[key] = export
        return self._exports[key]

    def sql(self, workspace: str, query: str) -> list[dict]:
        return turnwise("sql", "--db", str(self.database(workspace)), query)["rows"]
