"""Anchor for the import bench: one Python reader of a JSONL file, timed in its own process.

Usage: python python-reader.py READER FILE CACHE_DIR
READER is pyarrow, polars, datasets or json-loads. Prints the same JSON line as the Node tasks
(bench/tasks/measure.ts): seconds of the read alone (the interpreter's start and the library's
import are not counted), the CPU time of its threads over the read, the peak resident memory and
the records read. A reader whose library is not installed prints {"unavailable": "<why>"} and
exits 0.
"""

import json
import resource
import sys
import time


def read_pyarrow(path, _cache):
    import pyarrow.json as pj

    return pj.read_json(path).num_rows


def read_polars(path, _cache):
    import polars as pl

    return pl.read_ndjson(path).height


def read_datasets(path, cache):
    from datasets import load_dataset

    return load_dataset("json", data_files=path, split="train", cache_dir=cache).num_rows


def read_json_loads(path, _cache):
    records = 0
    with open(path, "rb") as handle:
        for line in handle:
            if line.strip():
                json.loads(line)
                records += 1
    return records


READERS = {
    "pyarrow": ("pyarrow.json", read_pyarrow),
    "polars": ("polars", read_polars),
    "datasets": ("datasets", read_datasets),
    "json-loads": ("json", read_json_loads),
}


def main():
    name, path, cache = sys.argv[1:4]
    module, read = READERS[name]
    try:
        __import__(module)
    except ImportError as error:
        print(json.dumps({"unavailable": f"{module} is not installed ({error})"}))
        return
    started = time.perf_counter()
    cpu_started = time.process_time()  # every thread of the process, as measure.ts counts
    records = read(path, cache)
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - cpu_started
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    result = {"seconds": seconds, "cpu_seconds": cpu_seconds, "peak_rss_mb": round(peak_mb)}
    print(json.dumps({**result, "records": records}))


if __name__ == "__main__":
    main()
