"""Attention backend with a table of per-layout location translators chosen at startup."""

import logging
import operator

import torch

logger = logging.getLogger(__name__)

_TRANSLATORS = {
    "hybrid_swa": lambda loc: operator.methodcaller("translate_loc_from_full_to_swa", loc),
    "full": None,
}


def _layout_name(allocator) -> str:
    if getattr(allocator, "size_swa", None) is not None:
        return "hybrid_swa"
    return "full"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.layout = _layout_name(self.allocator)
        self._translator = _TRANSLATORS[self.layout]
        self.cache_loc_buf = torch.zeros(self.max_bs, dtype=torch.int64)
        logger.info("layout=%s page_size=%d", self.layout, self.page_size)

    def _translate(self, loc):
        if self._translator is None:
            return loc
        # the translator is applied to the object that owns the full->swa map
        return self._translator(loc)(self.allocator)

    def init_forward_metadata(self, loc):
        n = loc.numel()
        self.cache_loc_buf[:n] = loc
        return self.cache_loc_buf[:n].clone()

    def forward(self, loc, mode="decode", window=2048):
        cache_loc = self.init_forward_metadata(loc)
        if window > -1:
            cache_loc = self._translate(cache_loc)
        return self.token_to_kv_pool, cache_loc

    def forward_decode(self, loc):
        return self.forward(loc)
