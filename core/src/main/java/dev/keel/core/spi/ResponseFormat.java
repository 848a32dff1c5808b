package dev.keel.core.spi;

/** What the model is asked to return: free text or a single JSON object (JSON mode, where the backend has one). */
public enum ResponseFormat {
    TEXT,
    JSON
}
