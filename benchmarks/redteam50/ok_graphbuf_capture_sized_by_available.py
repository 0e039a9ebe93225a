"""CUDA-graph decode backend; capture buffers are sized from the allocator's free-token count."""

import logging
from dataclasses import dataclass, field
from typing import Dict

import torch

logger = logging.getLogger(__name__)

_DEFAULT_CAPTURE_BS = (1, 2, 4, 8, 16, 32)


@dataclass
class GraphBuffers:
    max_bs: int
    max_tokens: int
    cache_loc: torch.Tensor = field(repr=False)
    seq_lens: torch.Tensor = field(repr=False)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Free tokens right after startup bound how much a captured batch can touch.
        self._capture_token_cap = int(allocator.available_size())
        self._swa_translate = getattr(self.kv_pool, "translate_loc_from_full_to_swa", None)
        self.graph_buffers = None
        self.graph_metadata: Dict[int, dict] = {}

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_tokens = min(max_num_tokens, self._capture_token_cap)
        self.graph_buffers = GraphBuffers(
            max_bs=max_bs,
            max_tokens=max_tokens,
            cache_loc=torch.zeros(max_tokens, dtype=torch.int64, device=self.device),
            seq_lens=torch.zeros(max_bs, dtype=torch.int32, device=self.device),
        )
        logger.debug("graph buffers: %s", self.graph_buffers)

    def init_forward_metadata_capture_cuda_graph(self, bs, num_tokens, seq_lens):
        buf = self.graph_buffers
        buf.seq_lens[:bs].copy_(seq_lens[:bs])
        self.graph_metadata[bs] = {
            "cache_loc": buf.cache_loc[:num_tokens],
            "seq_lens": buf.seq_lens[:bs],
        }

    def init_forward_metadata_replay_cuda_graph(self, bs, out_cache_loc):
        meta = self.graph_metadata[bs]
        n = out_cache_loc.numel()
        meta["cache_loc"][:n].copy_(self._read_locs(out_cache_loc))

    def _read_locs(self, loc):
        if self._swa_translate is not None:
            return self._swa_translate(loc)
        return loc

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_decode(self, loc):
        return self.kv_pool, self._read_locs(loc)
