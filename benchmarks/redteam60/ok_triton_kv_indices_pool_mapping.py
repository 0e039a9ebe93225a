"""Triton decode backend port with kv_indptr / kv_indices builders.

For hybrid sliding-window models the per-request kv_indices of sliding-window layers are
remapped through the full->SWA index table before the decode kernel runs.
"""

from dataclasses import dataclass
from typing import Optional

import torch


@dataclass
class ForwardMetadata:
    kv_indptr: torch.Tensor
    kv_indices: torch.Tensor
    swa_kv_indices: Optional[torch.Tensor]
    num_kv_splits: torch.Tensor


def create_flashinfer_kv_indices(kv_indptr: torch.Tensor, flat_loc: torch.Tensor) -> torch.Tensor:
    # CPU stand-in for the triton kernel: copy each request's token slots contiguously.
    out = torch.empty(int(kv_indptr[-1]), dtype=torch.int64, device=flat_loc.device)
    out.copy_(flat_loc[: out.numel()])
    return out


class GeneratedAttnBackend:
    """Triton attention backend (decode path) with optional SWA index remapping."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.max_context_len = model_runner.model_config.context_len
        self.static_kv_splits = False
        self.max_kv_splits = 8
        # Table used to move sliding-window layer indices into the SWA sub-pool.
        self.full_to_swa_index_mapping = getattr(
            model_runner.token_to_kv_pool, "full_to_swa_index_mapping", None
        )
        self.forward_metadata: Optional[ForwardMetadata] = None

    def _build_kv_indptr(self, seq_lens: torch.Tensor) -> torch.Tensor:
        kv_indptr = torch.zeros(seq_lens.numel() + 1, dtype=torch.int32, device=self.device)
        kv_indptr[1:] = torch.cumsum(seq_lens, dim=0)
        return kv_indptr

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        seq_lens = torch.ones_like(out_cache_loc, dtype=torch.int32)
        kv_indptr = self._build_kv_indptr(seq_lens)
        kv_indices = create_flashinfer_kv_indices(kv_indptr, out_cache_loc)
        swa_kv_indices = None
        if self.full_to_swa_index_mapping is not None:
            swa_kv_indices = self.full_to_swa_index_mapping[kv_indices].to(torch.int64)
        num_kv_splits = torch.full(
            (seq_lens.numel(),), self.max_kv_splits, dtype=torch.int32, device=self.device
        )
        self.forward_metadata = ForwardMetadata(
            kv_indptr, kv_indices, swa_kv_indices, num_kv_splits
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.swa_kv_indices is not None:
            return self.token_to_kv_pool, md.swa_kv_indices
        return self.token_to_kv_pool, md.kv_indices
