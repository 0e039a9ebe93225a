"""Attention backend that selects a KV layout mode (full / hybrid-SWA) at startup."""

import enum
import logging

import torch

logger = logging.getLogger(__name__)


class KVLayoutMode(enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"


def _detect_layout(model_runner) -> KVLayoutMode:
    allocator = model_runner.token_to_kv_pool_allocator
    name = type(allocator).__name__
    logger.info("kv allocator: %s", name)
    if name.startswith("SWA"):
        return KVLayoutMode.HYBRID_SWA
    return KVLayoutMode.FULL


class _Layer:
    layer_id = 0
    sliding_window_size = 2048


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.page_size = getattr(model_runner, "page_size", 1)
        self.kv_cache_dtype = getattr(model_runner, "kv_cache_dtype", torch.bfloat16)
        self.context_len = getattr(model_runner.model_config, "context_len", 2048)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.layout = _detect_layout(model_runner)
        self.cuda_graph_page_table = None
        self.forward_metadata = None

    def init_cuda_graph_state(self, max_bs, max_num_tokens):
        self.cuda_graph_page_table = torch.zeros(max_bs, self.context_len, dtype=torch.int32)

    def _swa_locations(self, loc):
        assert self.layout is KVLayoutMode.HYBRID_SWA
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, loc):
        full = loc.to(torch.int64)
        swa = self._swa_locations(full) if self.layout is KVLayoutMode.HYBRID_SWA else None
        self.forward_metadata = {"full": full, "swa": swa}

    def forward(self, loc, layer, mode="decode"):
        if mode not in ("decode", "target_verify"):
            raise ValueError(f"unsupported mode {mode}")
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if layer.sliding_window_size > -1 and md["swa"] is not None:
            return self.token_to_kv_pool, md["swa"]
        return self.token_to_kv_pool, md["full"]

    def forward_decode(self, loc):
        return self.forward(loc, _Layer())
