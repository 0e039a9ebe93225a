"""NEXTN (MTP) support: size the draft step's window buffers and route SWA layers."""

import logging
from dataclasses import dataclass

logger = logging.getLogger(__name__)


@dataclass
class NextNStepPlan:
    num_draft_tokens: int
    window_slots: int

    @property
    def windowed(self) -> bool:
        return self.window_slots > 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        server_args = getattr(model_runner, "server_args", None)
        num_draft = getattr(server_args, "speculative_num_draft_tokens", None) or 1

        alloc = model_runner.token_to_kv_pool_allocator
        # Hybrid models expose a separate window budget; plain allocators have none.
        window_slots = int(getattr(alloc, "size_swa", 0) or 0)
        self.plan = NextNStepPlan(num_draft_tokens=num_draft, window_slots=window_slots)
        logger.info(
            "NEXTN backend: %d draft tokens/step, %d window slots",
            self.plan.num_draft_tokens,
            self.plan.window_slots,
        )

    def draft_tokens_per_batch(self, bs: int) -> int:
        return bs * self.plan.num_draft_tokens

    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        if self.plan.windowed:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
