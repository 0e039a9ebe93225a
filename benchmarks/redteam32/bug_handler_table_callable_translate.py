"""Decode backend whose if/else over the KV layout became a table of bound handlers."""

import logging
from dataclasses import dataclass
from typing import Callable, Dict, Optional

import torch

logger = logging.getLogger(__name__)

IndexFn = Callable[[torch.Tensor], torch.Tensor]


@dataclass
class DecodeMetadata:
    kv_indices: torch.Tensor
    kv_indptr: torch.Tensor
    max_seq_len: int = 1


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._windowed = callable(getattr(self.allocator, "translate_loc_from_full_to_swa", None))
        self._handlers: Dict[bool, IndexFn] = {
            True: self._windowed_indices,
            False: self._full_indices,
        }
        self.forward_metadata: Optional[DecodeMetadata] = None
        logger.debug("decode handler: %s", self._handlers[self._windowed].__name__)

    def _full_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return loc

    def _windowed_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, loc: torch.Tensor):
        kv_indices = self._handlers[self._windowed](loc)
        kv_indptr = torch.arange(0, loc.numel() + 1, dtype=torch.int32, device=self.device)
        self.forward_metadata = DecodeMetadata(kv_indices=kv_indices, kv_indptr=kv_indptr)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.kv_indices
