"""SWA switch as a descriptor; the computed member is the pool the backend reads."""

_POOL_PARTS = ("token", "to", "kv", "pool")


class RunnerCapability:
    def __init__(self, *member_parts, probe):
        self.member = "_".join(member_parts)
        self.probe = probe

    def __set_name__(self, owner, name):
        self.slot = f"_cap_{name}"

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        if self.slot not in instance.__dict__:
            holder = getattr(instance.runner, self.member)
            instance.__dict__[self.slot] = hasattr(holder, self.probe)
        return instance.__dict__[self.slot]


class GeneratedAttnBackend:
    uses_swa = RunnerCapability(*_POOL_PARTS, probe="translate_loc_from_full_to_swa")
    shares_swa_indices = RunnerCapability(
        *_POOL_PARTS, "allocator", probe="full_to_swa_index_mapping"
    )

    def __init__(self, model_runner):
        self.runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        if self.uses_swa:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
