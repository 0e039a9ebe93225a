"""Backend with a registry of slot-mapping strategies keyed by the memory manager class."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Dict, Optional

import torch
from sglang.srt.mem_cache.allocator import PagedTokenToKVPoolAllocator, TokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)

SlotMapper = Callable[[object, torch.Tensor], torch.Tensor]


def _direct(pool, slots: torch.Tensor) -> torch.Tensor:
    return slots


def _windowed(pool, slots: torch.Tensor) -> torch.Tensor:
    return pool.translate_loc_from_full_to_swa(slots)


SLOT_MAPPERS: Dict[type, SlotMapper] = {
    TokenToKVPoolAllocator: _direct,
    PagedTokenToKVPoolAllocator: _direct,
    SWATokenToKVPoolAllocator: _windowed,
}


@dataclass
class DispatchMetadata:
    seq_lens: Optional[torch.Tensor] = None
    slots: Optional[torch.Tensor] = None
    mapper_name: str = "_direct"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_cache_dtype = getattr(model_runner, "kv_cache_dtype", torch.bfloat16)
        self.head_dim = getattr(model_runner.model_config, "head_dim", 128)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        memory_manager = type(model_runner.token_to_kv_pool_allocator)
        self.slot_mapper = SLOT_MAPPERS.get(memory_manager, _direct)
        if memory_manager not in SLOT_MAPPERS:
            logger.warning("unknown memory manager %s; using direct slots", memory_manager)
        self.forward_metadata: Optional[DispatchMetadata] = None
        self.cuda_graph_batch_sizes: list = []

    def map_slots(self, slots: torch.Tensor) -> torch.Tensor:
        return self.slot_mapper(self.token_to_kv_pool, slots)

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = DispatchMetadata(
            seq_lens=forward_batch.seq_lens,
            slots=self.map_slots(forward_batch.out_cache_loc),
            mapper_name=self.slot_mapper.__name__,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_batch_sizes = [bs for bs in (1, 2, 4, 8, 16) if bs <= max_bs]

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.last_capture = (bs, num_tokens)

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
        self.last_replay = (bs, seq_lens_sum)

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self.map_slots(loc)
