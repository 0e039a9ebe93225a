"""Stand-in for ``python -m sglang.launch_server`` in the CPU test of benchmarks/gpu_server.py's
flow (tests/gpu/test_server_flow.py); never used on the GPU.

What is real: the guard (``guardrails.install`` in the mode ``SGLANG_KV_POOL_GUARD`` names, not
through sglang's plugin loader: there is no sglang here), its log lines and messages, and the toy
backend file the test writes into the stand-in site (``sglang/srt/layers/attention/toy_backend.py``,
an allocator-typed SWA decision as in 0.5.12.post1), which ``kvguard fix`` rewrites. What is
stood in: the "scheduler" (one process that builds a target and an EAGLE draft backend and calls
``init_forward_metadata`` on each, printing a traceback and exiting 1 on an exception, as sglang's
scheduler does) and the HTTP server (``/health``, ``/generate``). A sleeping child process shares
the process group, so the flow's stop by process group is tested too.
"""

import json
import logging
import subprocess
import sys
import traceback
import types
from http.server import BaseHTTPRequestHandler, HTTPServer


def main() -> int:
    port = int(sys.argv[sys.argv.index("--port") + 1])
    logging.basicConfig(level=logging.INFO, format="[%(asctime)s] %(message)s", stream=sys.stdout)
    from sglang.srt.mem_cache import swa_memory_pool as pools

    import guardrails

    guardrails.install(
        None,
        targets={"sglang.srt.layers.attention.toy_backend": ("ToyBackend",)},
        swa_pool_types=(pools.SWAKVPool,),
        translate_check=False,
    )
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    try:
        from sglang.srt.layers.attention.toy_backend import ToyBackend

        swa = pools.SWAKVPool()
        allocator = pools.SWATokenToKVPoolAllocator(swa)

        def runner(pool, draft):
            frozen = types.SimpleNamespace(is_frozen_kv_mtp=lambda: False, name="EAGLE3")
            return types.SimpleNamespace(
                token_to_kv_pool=pool,
                token_to_kv_pool_allocator=allocator,
                is_draft_worker=draft,
                spec_algorithm=frozen,
            )

        for backend in (ToyBackend(runner(swa, False)), ToyBackend(runner(object(), True))):
            backend.init_forward_metadata(types.SimpleNamespace(forward_mode="DECODE"))
    except Exception:
        print("Scheduler hit an exception: " + traceback.format_exc(), flush=True)
        child.kill()
        return 1

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def _send(self, body):
            data = json.dumps(body).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            self._send({})

        def do_POST(self):
            req = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            n = req["sampling_params"]["max_new_tokens"]
            meta = {"prompt_tokens": len(req["input_ids"]), "completion_tokens": n}
            self._send({"output_ids": list(range(n)), "meta_info": dict(meta, spec_verify_ct=n)})

    print("The server is fired up and ready to roll!", flush=True)
    HTTPServer(("127.0.0.1", port), Handler).serve_forever()
    return 0


if __name__ == "__main__":
    sys.exit(main())
