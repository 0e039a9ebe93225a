"""Decode backend whose dataclass plan gets its layout from an Enum whose _missing_ hook maps the allocator class by name."""

import enum
from dataclasses import dataclass


class CacheLayout(enum.Enum):
    DENSE = "dense"
    SLIDING = "sliding"

    @classmethod
    def _missing_(cls, value):
        # also accept an allocator class: CacheLayout(type(allocator))
        if isinstance(value, type):
            return cls.SLIDING if "SWA" in value.__name__ else cls.DENSE
        return None


@dataclass
class _DecodePlan:
    pool: object
    layout: CacheLayout

    def locations(self, loc):
        if self.layout is CacheLayout.SLIDING:
            return self.pool.translate_loc_from_full_to_swa(loc)
        return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.plan = _DecodePlan(
            pool=model_runner.token_to_kv_pool,
            layout=CacheLayout(type(model_runner.token_to_kv_pool_allocator)),
        )

    def forward_decode(self, loc):
        return self.plan.pool, self.plan.locations(loc)
