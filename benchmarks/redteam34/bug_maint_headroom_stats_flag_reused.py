"""Decode backend that keeps KV headroom stats and reuses their hybrid flag for the read path."""

import logging
from dataclasses import dataclass
from typing import Optional

from sglang.srt.utils import get_bool_env_var

logger = logging.getLogger(__name__)


@dataclass
class KVHeadroom:
    full_free: int
    swa_free: Optional[int] = None

    @property
    def has_swa(self) -> bool:
        return self.swa_free is not None


def _collect_headroom(allocator) -> KVHeadroom:
    swa_available = getattr(allocator, "swa_available_size", None)
    return KVHeadroom(
        full_free=int(allocator.available_size()),
        swa_free=int(swa_available()) if callable(swa_available) else None,
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.verbose = get_bool_env_var("SGLANG_ATTN_HEADROOM_LOG")
        self.headroom = _collect_headroom(self.allocator)
        # The stats already know whether the deployment is hybrid; no need to
        # probe the pool a second time.
        self.windowed = self.headroom.has_swa
        if self.verbose:
            logger.info("kv headroom at init: %s", self.headroom)

    def on_batch_end(self):
        self.headroom = _collect_headroom(self.allocator)
        if self.verbose:
            logger.info("kv headroom: %s", self.headroom)

    def forward_decode(self, loc):
        if self.windowed:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
