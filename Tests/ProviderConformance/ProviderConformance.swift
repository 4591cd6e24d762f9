public enum ProviderConformance {}
