"""Backend whose translator is a descriptor that binds the pool's own full->SWA method."""

import logging
from typing import Callable

import torch

logger = logging.getLogger(__name__)


def _identity(loc: torch.Tensor) -> torch.Tensor:
    return loc


class PoolMethod:
    """Descriptor returning ``instance.<pool_attr>.<method>``, or a fallback when absent."""

    def __init__(self, pool_attr: str, method: str, fallback: Callable = _identity):
        self.pool_attr = pool_attr
        self.method = method
        self.fallback = fallback

    def __set_name__(self, owner, name):
        self.cache_name = f"_{name}_bound"

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        bound = instance.__dict__.get(self.cache_name)
        if bound is None:
            pool = getattr(instance, self.pool_attr)
            bound = getattr(pool, self.method, None) or self.fallback
            instance.__dict__[self.cache_name] = bound
        return bound


class GeneratedAttnBackend:
    to_kv_index = PoolMethod("token_to_kv_pool", "translate_loc_from_full_to_swa")

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = self.allocator.page_size
        logger.info(
            "kv index translator: %s",
            "identity" if self.to_kv_index is _identity else "swa",
        )

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.to_kv_index(loc)
