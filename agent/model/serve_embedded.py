"""Child process that hosts llama.cpp's OpenAI-compatible server (``xllamacpp``) for the embedded model.

Run by ``EmbeddedServer`` as ``python -m agent.model.serve_embedded --model FILE ...``. It loads the model,
prints one line ``KAIROS_LISTENING <address>`` on stdout once the server answers, and then lives until it
receives SIGTERM/SIGINT or its parent process disappears. The server binds 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading

READY_PREFIX = "KAIROS_LISTENING "


def _params(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = args.model
    params.hostnames = ["127.0.0.1"]
    params.port = args.port
    params.n_ctx = args.ctx
    params.n_parallel = 1  # one slot: requests queue, and the slot keeps the cached prompt prefix
    params.cpuparams.n_threads = args.threads
    params.cpuparams_batch.n_threads = args.threads
    params.cache_prompt = True
    params.cache_ram_mib = args.cache_ram_mib
    params.use_jinja = True
    params.sampling.temp = 0.0
    return params


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m agent.model.serve_embedded")
    parser.add_argument("--model", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--ctx", type=int, default=4096)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--cache-ram-mib", type=int, default=1024)
    args = parser.parse_args(argv)

    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())

    import xllamacpp

    server = xllamacpp.Server(_params(args))  # returns once the model is loaded and the port is bound
    print(READY_PREFIX + server.listening_address, flush=True)

    parent = os.getppid()
    while not stop.wait(1.0):
        if os.getppid() != parent:  # the parent died without stopping us
            break
    sys.stdout.flush()
    os._exit(0)  # skip interpreter teardown: llama.cpp's server threads do not join cleanly


if __name__ == "__main__":
    raise SystemExit(main())
