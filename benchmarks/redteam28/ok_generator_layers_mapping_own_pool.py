"""Backend that derives per-layer window flags from a generator over the pool's layer mapping."""

import logging
from typing import Dict, Iterator, Tuple

import torch

logger = logging.getLogger(__name__)


def _layer_kinds(pool) -> Iterator[Tuple[int, bool]]:
    mapping: Dict[int, Tuple[int, bool]] = getattr(pool, "layers_mapping", None) or {}
    for layer_id in sorted(mapping):
        _, is_swa = mapping[layer_id]
        yield layer_id, is_swa


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_layers = frozenset(
            lid for lid, is_swa in _layer_kinds(self.token_to_kv_pool) if is_swa
        )
        self.has_swa_layers = bool(self.swa_layers)
        self.page_size = allocator.page_size
        self.max_total_tokens = allocator.size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        logger.info(
            "swa layers %s; %d tokens in the allocator",
            sorted(self.swa_layers),
            self.max_total_tokens,
        )

    def init_forward_metadata(self, forward_batch):
        self.page_table = self.req_to_token[forward_batch.req_pool_indices]

    def forward_decode(self, loc):
        if self.has_swa_layers:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
