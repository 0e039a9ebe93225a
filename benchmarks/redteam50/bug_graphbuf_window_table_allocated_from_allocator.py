"""CUDA-graph decode backend that preallocates a window-index table when the cache is hybrid."""

import logging
from dataclasses import dataclass, field
from typing import Dict, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class GraphBuffers:
    max_bs: int
    max_tokens: int
    cache_loc: torch.Tensor = field(repr=False)
    seq_lens: torch.Tensor = field(repr=False)
    window_loc: Optional[torch.Tensor] = field(default=None, repr=False)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._capture_token_cap = int(allocator.available_size())
        # The window region is only worth a scratch table when the allocator carves one out.
        self._window_slots = getattr(allocator, "size_swa", None)
        self.graph_buffers = None
        self.graph_metadata: Dict[int, dict] = {}
        self.init_cuda_graph_state(model_runner.max_running_requests, self._capture_token_cap)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_tokens = min(max_num_tokens, self._capture_token_cap)
        window = None
        if self._window_slots:
            window = torch.zeros(max_tokens, dtype=torch.int64, device=self.device)
        self.graph_buffers = GraphBuffers(
            max_bs=max_bs,
            max_tokens=max_tokens,
            cache_loc=torch.zeros(max_tokens, dtype=torch.int64, device=self.device),
            seq_lens=torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            window_loc=window,
        )
        logger.debug("graph buffers: %s", self.graph_buffers)

    def init_forward_metadata_capture_cuda_graph(self, bs, num_tokens, seq_lens):
        buf = self.graph_buffers
        buf.seq_lens[:bs].copy_(seq_lens[:bs])
        self.graph_metadata[bs] = {"cache_loc": buf.cache_loc[:num_tokens]}

    def init_forward_metadata_replay_cuda_graph(self, bs, out_cache_loc):
        meta = self.graph_metadata[bs]
        meta["cache_loc"][: out_cache_loc.numel()].copy_(self._read_locs(out_cache_loc))

    def _read_locs(self, loc):
        window = self.graph_buffers.window_loc
        if window is None:
            return loc
        n = loc.numel()
        window[:n].copy_(self.kv_pool.full_to_swa_index_mapping[loc])
        return window[:n]

    def forward_decode(self, loc):
        return self.kv_pool, self._read_locs(loc)
