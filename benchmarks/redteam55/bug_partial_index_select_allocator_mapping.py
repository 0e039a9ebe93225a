"""Triton-style decode backend: full->window gather prebuilt with functools.partial."""

import functools
import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.num_free_slots = allocator.available_size()

        mapping: Optional[torch.Tensor] = getattr(allocator, "full_to_swa_index_mapping", None)
        # index_select(mapping, 0, loc) is the same gather the pool does internally,
        # but bound up front so decode does not pay for an attribute lookup.
        self._gather_window = (
            functools.partial(torch.index_select, mapping, 0) if mapping is not None else None
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
