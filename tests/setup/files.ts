// Small real files for upload tests.
export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b40000000049454e44ae426082', 'hex');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const png = (name = 'foto.png') => new File([PNG], name, { type: 'image/png' });
export const pdf = (name = 'documento.pdf') => new File([PDF], name, { type: 'application/pdf' });
