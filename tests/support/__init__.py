"""Test support for kvguard: CPU stand-ins and builders of real sglang objects."""
