"""Decode backend configured by an ordered list of (predicate, handler) rules.

The first matching rule decides how the step's KV locations are produced. New cache
layouts can be supported by prepending a rule.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, List, Tuple

import torch

logger = logging.getLogger(__name__)

Rule = Tuple[Callable[[Any], bool], Callable[[Any, torch.Tensor], torch.Tensor]]


def _has_swa_mapping(allocator) -> bool:
    return getattr(allocator, "full_to_swa_index_mapping", None) is not None


def _swa_locs(allocator, loc: torch.Tensor) -> torch.Tensor:
    return allocator.full_to_swa_index_mapping[loc]


def _full_locs(allocator, loc: torch.Tensor) -> torch.Tensor:
    return loc


_RULES: List[Rule] = [
    (_has_swa_mapping, _swa_locs),
    (lambda _alloc: True, _full_locs),
]


class GeneratedAttnBackend:
    """Rule-driven decode backend; the KV pool is always the runner's own."""

    def __init__(self, model_runner, rules: List[Rule] = None):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        rules = rules if rules is not None else _RULES
        self._handler = next(h for pred, h in rules if pred(self.allocator))
        logger.info("decode rule: %s", self._handler.__name__)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        return self.token_to_kv_pool, self._handler(self.allocator, loc)
