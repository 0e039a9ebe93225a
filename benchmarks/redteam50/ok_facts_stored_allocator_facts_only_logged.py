"""Decode backend that snapshots allocator and pool facts at startup for the server log."""

import logging
from dataclasses import dataclass, field

import torch

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class KVFacts:
    cls: str
    windowed: bool
    tokens: int
    extra: dict = field(default_factory=dict, compare=False)

    @classmethod
    def of_allocator(cls, allocator):
        return cls(
            cls=type(allocator).__name__,
            windowed=hasattr(allocator, "full_to_swa_index_mapping"),
            tokens=int(allocator.available_size()),
            extra={"page_size": allocator.page_size},
        )

    @classmethod
    def of_pool(cls, pool):
        return cls(
            cls=type(pool).__name__,
            windowed=hasattr(pool, "translate_loc_from_full_to_swa"),
            tokens=int(getattr(pool, "size", 0)),
            extra={"layers": getattr(pool, "layer_num", None)},
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator_facts = KVFacts.of_allocator(model_runner.token_to_kv_pool_allocator)
        self.pool_facts = KVFacts.of_pool(self.token_to_kv_pool)
        logger.info("kv allocator: %s", self.allocator_facts)
        logger.info("kv pool:      %s", self.pool_facts)
        if self.allocator_facts.windowed != self.pool_facts.windowed:
            logger.info("allocator and pool disagree on windowing (speculative draft?)")
        self.forward_metadata = None

    def __repr__(self):
        return (
            f"{type(self).__name__}(alloc={self.allocator_facts.cls}, pool={self.pool_facts.cls})"
        )

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = {"cache_loc": self._translate(forward_batch.out_cache_loc)}

    def _translate(self, loc):
        if self.pool_facts.windowed:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._translate(loc)
