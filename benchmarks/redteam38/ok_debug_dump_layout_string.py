"""Attention backend with a repr/debug dump describing its allocator and KV pool layout."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        # "<allocator>:<pool>", e.g. "SWATokenToKVPoolAllocator:SWAKVPool"
        self._layout = "{}:{}".format(
            type(self.allocator).__name__, type(self.token_to_kv_pool).__name__
        )
        pool_kind = self._layout.rpartition(":")[2]
        self._windowed = pool_kind.startswith("SWA")
        logger.info("attention layout %s (windowed=%s)", self._layout, self._windowed)

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(layout={self._layout}, "
            f"page_size={self.model_runner.page_size}, "
            f"{self.allocator.debug_print()})"
        )

    def debug_dump(self) -> dict:
        return {
            "layout": self._layout,
            "windowed": self._windowed,
            "draft": bool(self.model_runner.is_draft_worker),
            "allocator_free": self.allocator.available_size(),
        }

    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        if self._windowed:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
