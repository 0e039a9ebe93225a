"""A window planner tests issubclass on the allocator's __class__ and the backend translates decode locations when it says the model is hybrid."""

from dataclasses import dataclass

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass
class WindowPlan:
    hybrid: bool
    page_size: int


class _WindowPlanner:
    """Collects the per-runner facts the decode metadata builder needs."""

    def __init__(self, model_runner):
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._page_size = model_runner.page_size

    def plan(self) -> WindowPlan:
        hybrid = issubclass(self._allocator.__class__, SWATokenToKVPoolAllocator)
        return WindowPlan(hybrid=hybrid, page_size=self._page_size)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.req_to_token = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.plan = _WindowPlanner(model_runner).plan()

    def forward_decode(self, loc):
        pool = self.token_to_kv_pool
        if not self.plan.hybrid:
            return pool, loc
        return pool, pool.translate_loc_from_full_to_swa(loc)
