"""Builds a per-backend KV layout description used by decode and by the
disaggregation transfer planner."""

import logging
from typing import Any, Dict

import torch

logger = logging.getLogger(__name__)


def describe_kv_layout(model_runner) -> Dict[str, Any]:
    pool = model_runner.token_to_kv_pool
    allocator = model_runner.token_to_kv_pool_allocator
    layout: Dict[str, Any] = {
        "num_tokens": int(pool.size),
        "page_size": int(model_runner.page_size),
        "window_tokens": getattr(allocator, "size_swa", None),
    }
    layout["sliding"] = (
        layout["window_tokens"] is not None and layout["window_tokens"] != layout["num_tokens"]
    )
    layout["kv_pool"] = allocator.get_kvcache() if layout["sliding"] else pool
    layout["num_pages"] = layout["num_tokens"] // max(layout["page_size"], 1)
    return layout


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = False):
        self.layout = describe_kv_layout(model_runner)
        if verbose:
            logger.info(
                "kv layout: %s",
                {k: v for k, v in self.layout.items() if k != "kv_pool"},
            )

    def forward_decode(self, loc: torch.Tensor):
        pool = self.layout["kv_pool"]
        if self.layout["sliding"]:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
