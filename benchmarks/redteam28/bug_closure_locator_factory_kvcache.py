"""Backend that builds its decode locator as a closure over the resolved KV storage."""

import logging
from typing import Callable, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Locator = Callable[[torch.Tensor], Tuple[object, torch.Tensor]]


def make_decode_locator(model_runner) -> Locator:
    own_pool = model_runner.token_to_kv_pool
    storage = model_runner.token_to_kv_pool_allocator.get_kvcache()

    if isinstance(storage, SWAKVPool):
        translate = storage.translate_loc_from_full_to_swa

        def locate(loc: torch.Tensor):
            return storage, translate(loc)

        locate.kind = "swa"
    else:

        def locate(loc: torch.Tensor):
            return own_pool, loc

        locate.kind = "full"
    return locate


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.device = model_runner.device
        self._locate = make_decode_locator(model_runner)
        self.kv_last_page_len = torch.ones(
            model_runner.max_running_requests, dtype=torch.int32, device=self.device
        )
        logger.info("decode locator: %s", self._locate.kind)

    def forward_decode(self, loc):
        return self._locate(loc)
