"""Decode backend for hybrid local/global attention that detects its KV read mode with an enum."""

import enum


class KVReadMode(enum.Enum):
    DENSE = "dense"
    WINDOWED = "windowed"

    @classmethod
    def detect(cls, kv_owner) -> "KVReadMode":
        if hasattr(kv_owner, "full_to_swa_index_mapping"):
            return cls.WINDOWED
        return cls.DENSE


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv = model_runner.token_to_kv_pool
        self.mode = KVReadMode.detect(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self.mode is KVReadMode.DENSE:
            return self.kv, loc
        return self.kv, self.kv.full_to_swa_index_mapping[loc]
