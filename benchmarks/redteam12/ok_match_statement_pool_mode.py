"""Backend that selects its decode mode with a structural match on the KV pool."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Literal, Optional

import torch
from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

DecodeMode = Literal["full", "swa", "unknown"]


@dataclass
class ModeMetadata:
    mode: str = "full"
    seq_lens: Optional[torch.Tensor] = None
    kv_slots: Optional[torch.Tensor] = None


def decode_mode_for(pool) -> DecodeMode:
    match pool:
        case SWAKVPool():
            return "swa"
        case MHATokenToKVPool():
            return "full"
        case _:
            return "unknown"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.server_args = model_runner.server_args
        self.kv_cache_dtype_str = getattr(self.server_args, "kv_cache_dtype", "auto")
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.mode = decode_mode_for(self.token_to_kv_pool)
        if self.mode == "unknown":
            logger.warning(
                "unrecognised KV pool %s; treating it as full attention",
                type(self.token_to_kv_pool).__name__,
            )
        self.forward_metadata: Optional[ModeMetadata] = None
        self.graph_modes: dict = {}

    def _slots(self, loc: torch.Tensor) -> torch.Tensor:
        match self.mode:
            case "swa":
                return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
            case _:
                return loc

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = ModeMetadata(
            mode=self.mode,
            seq_lens=forward_batch.seq_lens,
            kv_slots=self._slots(forward_batch.out_cache_loc),
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_modes["limits"] = (max_bs, max_num_tokens)

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.graph_modes[bs] = self.mode

    def init_forward_metadata_replay_cuda_graph(
        self,
        bs,
        req_pool_indices,
        seq_lens,
        seq_lens_sum,
        encoder_lens,
        forward_mode,
        spec_info,
        seq_lens_cpu=None,
    ):
        if self.graph_modes.get(bs) != self.mode:
            logger.warning("replaying bs=%d captured under another mode", bs)

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self._slots(loc)
