"""GPU suite (marker ``gpu``): skipped cleanly where no CUDA device exists.

The check does not import torch unless an NVIDIA device node or ``nvidia-smi`` is present, so CPU
CI collects the suite and skips it without loading torch or sglang. Set ``KVGUARD_REQUIRE_GPU=1``
(``scripts/gpu_run.sh`` does) to turn a missing device into a failure.
"""

import os
import shutil

import pytest

_CACHED = None


def cuda_status():
    """(available, reason)."""
    global _CACHED
    if _CACHED is None:
        if not (os.path.exists("/dev/nvidiactl") or shutil.which("nvidia-smi")):
            _CACHED = (False, "no NVIDIA device on this machine")
        else:
            try:
                import torch
            except ImportError:
                _CACHED = (False, "torch is not installed")
            else:
                if torch.cuda.is_available():
                    _CACHED = (True, "")
                else:
                    _CACHED = (False, "torch sees no CUDA device")
    return _CACHED


def pytest_collection_modifyitems(config, items):
    gpu_items = [item for item in items if item.get_closest_marker("gpu") is not None]
    if not gpu_items:
        return
    ok, why = cuda_status()
    if ok:
        return
    if os.environ.get("KVGUARD_REQUIRE_GPU") == "1":
        raise pytest.UsageError(f"KVGUARD_REQUIRE_GPU=1 but {why}")
    skip = pytest.mark.skip(reason=f"needs a CUDA device: {why}")
    for item in gpu_items:
        item.add_marker(skip)
