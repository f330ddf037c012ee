DROP TABLE identity_document_images;
