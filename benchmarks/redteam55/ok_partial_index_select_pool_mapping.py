"""Triton-style decode backend: full->window gather prebuilt with functools.partial."""

import functools
import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.num_free_slots = allocator.available_size()

        # Bind the gather to the mapping of the pool we actually read. The allocator
        # is shared with a speculative draft, so its mapping is not ours to use.
        self._gather_window = None
        if isinstance(self.kv_pool, SWAKVPool):
            self._gather_window = functools.partial(
                torch.index_select, self.kv_pool.full_to_swa_index_mapping, 0
            )
        self.max_bs = getattr(model_runner, "max_running_requests", 16) or 16
        self.decode_kv_indptr = torch.zeros(self.max_bs + 1, dtype=torch.int32, device=self.device)
        self._steps = 0

    def init_forward_metadata(self, forward_batch):
        self._steps += 1
        bs = int(forward_batch.batch_size)
        self.decode_kv_indptr[1 : bs + 1] = torch.cumsum(forward_batch.seq_lens[:bs], dim=0)

    def capture_cuda_graph_buffers(self, max_bs: int):
        self.decode_kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)

    def _window_locations(self, loc):
        if self._gather_window is None:
            return loc
        return self._gather_window(loc)

    def forward_decode(self, loc):
        locations = self._window_locations(loc)
        if self._steps % 1000 == 0:
            logger.debug("decode step %d, %d locations", self._steps, loc.numel())
        return self.kv_pool, locations
