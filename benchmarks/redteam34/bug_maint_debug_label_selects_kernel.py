"""Decode backend whose debug description of the KV setup later picks the decode kernel."""

import logging
from typing import Dict

from sglang.srt.utils import get_bool_env_var

logger = logging.getLogger(__name__)


def describe_kv_setup(model_runner) -> Dict[str, str]:
    """Human-readable summary printed by --log-level debug and the /server_info dump."""
    allocator = model_runner.token_to_kv_pool_allocator
    pool = model_runner.token_to_kv_pool
    alloc_name = type(allocator).__name__
    return {
        "allocator": alloc_name,
        "pool": type(pool).__name__,
        "kind": "swa" if alloc_name.startswith("SWA") else "full",
        "page_size": str(getattr(allocator, "page_size", 1)),
    }


def _full_kernel(pool, loc):
    return pool, loc


def _swa_kernel(pool, loc):
    return pool, pool.translate_loc_from_full_to_swa(loc)


_KERNELS = {"full": _full_kernel, "swa": _swa_kernel}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.kv_setup = describe_kv_setup(model_runner)
        if get_bool_env_var("SGLANG_DEBUG_ATTN_BACKEND"):
            logger.info("attention backend kv setup: %s", self.kv_setup)
        self._kernel = _KERNELS[self.kv_setup["kind"]]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.kv_setup})"

    def forward_decode(self, loc):
        return self._kernel(self.kv_pool, loc)
