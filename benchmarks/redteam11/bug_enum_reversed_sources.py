"""Backend that resolves its KV source through an enum of runner members."""

import enum


class KVSource(enum.Enum):
    POOL = "token_to_kv_pool"
    SHARED = "token_to_kv_pool_allocator"

    def fetch(self, runner):
        return getattr(runner, self.value, None)

    @classmethod
    def most_specific(cls, runner):
        # later members are more specific; prefer them when they can translate
        for src in reversed(list(cls)):
            obj = src.fetch(runner)
            if hasattr(obj, "translate_loc_from_full_to_swa"):
                return src, obj
        return cls.POOL, cls.POOL.fetch(runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.source, self._translator_owner = KVSource.most_specific(model_runner)

    def forward_decode(self, loc):
        owner = self._translator_owner
        if hasattr(owner, "translate_loc_from_full_to_swa"):
            loc = owner.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
