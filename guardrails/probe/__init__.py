"""Builders of REAL sglang objects for ``python -m guardrails doctor`` and the guard's tests.

* ``standins``: the few named stand-ins for what cannot run on a CPU-only box (torchvision and
  sgl_kernel import placeholders, flashinfer wrapper classes, the ``create_flashinfer_kv_indices``
  GPU kernel as a host gather). Imports nothing heavy.
* ``real``: real pools, the shared SWA allocator, model runners and backends for the installed
  sglang version (imports torch and sglang: import it only where sglang is wanted).
* ``recall``: runs the first metadata call of each backend x role under the guard (the doctor and
  tests/guard/test_recall.py).

Nothing here is imported by ``import guardrails``.
"""
