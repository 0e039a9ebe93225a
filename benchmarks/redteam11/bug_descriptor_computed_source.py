"""Attention backend whose SWA switch is a descriptor over a configurable runner member."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_KV_PARTS = ("token", "to", "kv", "pool", "allocator")


class RunnerCapability:
    """Lazily evaluates whether the runner's KV owner supports an SWA index translation."""

    def __init__(self, *member_parts, probe):
        self.member = "_".join(member_parts)
        self.probe = probe

    def __set_name__(self, owner, name):
        self.slot = f"_cap_{name}"

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        cached = instance.__dict__.get(self.slot)
        if cached is None:
            holder = getattr(instance.runner, self.member)
            cached = instance.__dict__[self.slot] = hasattr(holder, self.probe)
        return cached


class GeneratedAttnBackend:
    uses_swa = RunnerCapability(*_KV_PARTS, probe="translate_loc_from_full_to_swa")

    def __init__(self, model_runner):
        self.runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.pool_is_declared_swa = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.uses_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
