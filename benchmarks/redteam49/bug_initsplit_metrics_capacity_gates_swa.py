"""Backend with _init_cuda_graph_buffers / _init_swa / _init_metrics helpers.

The window capacity recorded by _init_metrics is reused by the forward pass:
when a window capacity is known the page table is rewritten to window slots.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self._init_cuda_graph_buffers(model_runner)
        self._init_swa(model_runner)
        self._init_metrics(model_runner)

    def _init_cuda_graph_buffers(self, model_runner):
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.decode_cache_loc = torch.zeros(self.max_bs, dtype=torch.int64, device=self.device)

    def _init_swa(self, model_runner):
        # Pool-level facts used by the kernels (layer split, window buffer).
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_layer_ids = set(getattr(self.kv_pool, "layers_mapping", {}) or {})
        else:
            self.swa_layer_ids = set()

    def _init_metrics(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        self.full_capacity: int = int(getattr(alloc, "size", 0) or 0)
        self.window_capacity: Optional[int] = getattr(alloc, "size_swa", None)
        self.window_util = 0.0

    def _window_locs(self, loc: torch.Tensor) -> torch.Tensor:
        out = self.kv_pool.translate_loc_from_full_to_swa(loc)
        if self.window_capacity:
            self.window_util = float(out.numel()) / self.window_capacity
        return out

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if max_bs > self.max_bs:
            self._init_cuda_graph_buffers_for(max_bs)

    def _init_cuda_graph_buffers_for(self, max_bs: int):
        self.max_bs = max_bs
        self.decode_cache_loc = torch.zeros(max_bs, dtype=torch.int64, device=self.device)

    def forward_extend(self, loc):
        return self.forward_decode(loc)

    def forward_decode(self, loc):
        if self.window_capacity is not None:
            return self.kv_pool, self._window_locs(loc)
        return self.kv_pool, loc
