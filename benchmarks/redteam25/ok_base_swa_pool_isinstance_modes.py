"""Attention backend that supports every hybrid SWA pool flavour through the common base class."""

import enum
import logging

import torch

try:
    from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool
except ImportError:  # older releases have only the concrete class
    from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool as BaseSWAKVPool

logger = logging.getLogger(__name__)


class ForwardKind(enum.Enum):
    DECODE = "decode"
    TARGET_VERIFY = "target_verify"
    DRAFT_EXTEND = "draft_extend"
    EXTEND = "extend"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        mc = model_runner.model_config
        self.v_head_dim = getattr(mc, "v_head_dim", getattr(mc, "head_dim", 64))
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.hybrid_swa = isinstance(self.token_to_kv_pool, BaseSWAKVPool)
        alloc = model_runner.token_to_kv_pool_allocator
        logger.info(
            "pool=%s hybrid=%s allocator=%s",
            type(self.token_to_kv_pool).__name__,
            self.hybrid_swa,
            type(alloc).__name__,
        )
        self.forward_metadata = None

    def init_forward_metadata(self, loc, kind: ForwardKind):
        md = {"kind": kind, "loc": loc}
        if self.hybrid_swa and kind is not ForwardKind.EXTEND:
            md["swa_loc"] = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = md

    def forward(self, loc, kind=ForwardKind.DECODE, window=1024):
        self.init_forward_metadata(loc, kind)
        md = self.forward_metadata
        if window > -1 and "swa_loc" in md:
            return self.token_to_kv_pool, md["swa_loc"]
        return self.token_to_kv_pool, md["loc"]

    def forward_decode(self, loc):
        return self.forward(loc, ForwardKind.DECODE)
