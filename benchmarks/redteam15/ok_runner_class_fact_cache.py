"""Caches per runner class the page size and device string it reads; whether to translate is decided per instance from its pool."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_RUNNER_FACTS = {}


def _runner_facts(model_runner):
    key = type(model_runner)
    facts = _RUNNER_FACTS.get(key)
    if facts is None:
        facts = {
            "page_size": model_runner.page_size,
            "device": str(model_runner.device),
            "allocator_cls": type(model_runner.token_to_kv_pool_allocator).__name__,
        }
        _RUNNER_FACTS[key] = facts
    return facts


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        facts = _runner_facts(model_runner)
        self.page_size = facts["page_size"]
        self.device = facts["device"]
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # per instance, never cached: target and draft runners share a class
        self.window_pool = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )

    def forward_decode(self, loc):
        if self.window_pool is None:
            return self.token_to_kv_pool, loc
        return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
