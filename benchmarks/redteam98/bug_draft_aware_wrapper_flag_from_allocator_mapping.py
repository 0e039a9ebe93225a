"""Draft/target aware attention wrapper.

Builds a single decode child from the model runner.  Whether the child runs in
sliding-window mode is decided by the wrapper and passed down as a constructor flag,
so children stay agnostic of the memory layout.
"""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


@dataclass
class ChildConfig:
    use_sliding_window: bool
    page_size: int
    is_draft: bool


class _DecodeChild:
    def __init__(self, kv_pool, config: ChildConfig):
        self.kv_pool = kv_pool
        self.config = config

    def prepare_locations(self, loc: torch.Tensor) -> torch.Tensor:
        if self.config.use_sliding_window:
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.prepare_locations(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, topk: int = 1):
        super().__init__()
        self.topk = topk
        allocator = model_runner.token_to_kv_pool_allocator
        config = ChildConfig(
            use_sliding_window=getattr(allocator, "full_to_swa_index_mapping", None) is not None,
            page_size=model_runner.page_size,
            is_draft=model_runner.is_draft_worker,
        )
        logger.debug(
            "Building %s decode child (swa=%s)",
            "draft" if config.is_draft else "target",
            config.use_sliding_window,
        )
        self.child = _DecodeChild(model_runner.token_to_kv_pool, config)

    def forward_decode(self, loc: torch.Tensor):
        return self.child.forward_decode(loc)
