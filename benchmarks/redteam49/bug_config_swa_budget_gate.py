"""Backend whose settings come from a config classmethod.

The config carries the token budget of the window region; a non-zero budget
means the model has sliding-window layers and the window page table must be
used for every read.
"""

from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class AttnSettings:
    full_budget: int
    window_budget: int
    page_size: int
    speculative_steps: int

    @property
    def hybrid(self) -> bool:
        return self.window_budget > 0

    @classmethod
    def from_model_runner(cls, server_args, model_config, pool, allocator):
        del model_config  # kept for signature parity with the other backends
        return cls(
            full_budget=int(getattr(allocator, "size", 0) or 0),
            window_budget=int(getattr(allocator, "size_swa", 0) or 0),
            page_size=int(getattr(pool, "page_size", 1) or 1),
            speculative_steps=int(getattr(server_args, "speculative_num_steps", None) or 0),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.settings = AttnSettings.from_model_runner(
            model_runner.server_args,
            model_runner.model_config,
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
        )
        self.window_table = None
        if self.settings.hybrid:
            self.window_table = getattr(self.token_to_kv_pool, "full_to_swa_index_mapping", None)

    def forward_decode(self, loc):
        if not self.settings.hybrid:
            return self.token_to_kv_pool, loc
        if self.window_table is None:
            # pool was built lazily; fall back to its method
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, self.window_table[loc]
