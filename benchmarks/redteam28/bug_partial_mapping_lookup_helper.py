"""Backend that binds its location translator once with functools.partial."""

import functools
import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


def _translate_through(source, loc: torch.Tensor) -> torch.Tensor:
    mapping = getattr(source, "full_to_swa_index_mapping", None)
    if mapping is None:
        return loc
    return mapping[loc]


@dataclass
class DecodeState:
    kv_indices: Optional[torch.Tensor] = None
    kv_indptr: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        # the mapping lives next to the slots it maps, so bind whoever hands out the slots
        self._translate = functools.partial(
            _translate_through, model_runner.token_to_kv_pool_allocator
        )
        self.kv_indptr = torch.zeros(self.max_bs + 1, dtype=torch.int32, device=self.device)
        self.state = DecodeState()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.kv_indptr[1 : bs + 1] = torch.cumsum(forward_batch.seq_lens, dim=0)
        self.state = DecodeState(
            kv_indices=self._translate(forward_batch.out_cache_loc),
            kv_indptr=self.kv_indptr[: bs + 1],
        )

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._translate(loc)
