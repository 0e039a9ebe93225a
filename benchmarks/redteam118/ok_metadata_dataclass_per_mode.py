"""Decode/extend metadata containers for a hybrid window attention backend.

Each forward mode gets its own metadata dataclass; the SWA locations are filled
in from the KV pool this backend reads when that pool has a window sub-pool.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class ExtendMetadata:
    cu_seqlens_q: torch.Tensor
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None


@dataclass
class DecodeMetadata:
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None
    extras: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self._swa: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.decode_metadata: Optional[DecodeMetadata] = None
        self.extend_metadata: Optional[ExtendMetadata] = None

    def _swa_loc(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        if self._swa is None:
            return None
        return self._swa.translate_loc_from_full_to_swa(loc)

    def init_extend_metadata(self, extend_seq_lens: torch.Tensor, loc: torch.Tensor):
        cu = torch.nn.functional.pad(torch.cumsum(extend_seq_lens, 0), (1, 0))
        self.extend_metadata = ExtendMetadata(cu, loc, self._swa_loc(loc))

    def init_decode_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        self.decode_metadata = DecodeMetadata(loc, self._swa_loc(loc))
        return self.decode_metadata

    def forward_decode(self, loc: torch.Tensor):
        md = self.init_decode_metadata(loc)
        if md.swa_out_cache_loc is not None:
            return self._swa, md.swa_out_cache_loc
        return self.kv_pool, md.out_cache_loc
